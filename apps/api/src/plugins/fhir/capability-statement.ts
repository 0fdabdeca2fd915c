import { FHIR_MSG } from '@psicocampus/shared/fhir';
import { FHIR_JSON, PLAIN_JSON } from './fhir-http';
import type { CapabilityStatement } from './fhir-types';

/**
 * `GET /api/fhir/metadata`: what this FHIR server reads and searches
 * (docs/api.md#fhir), for a client that asks before it calls. Public, as
 * R4 expects of it: it says what exists, never who.
 */
export function capabilityStatement(
  base: string,
  version: string,
  date: string,
): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'PsicoCampus',
    kind: 'instance',
    software: { name: 'PsicoCampus', version },
    implementation: { description: FHIR_MSG.capabilityDescription, url: base },
    fhirVersion: '4.0.1',
    format: [FHIR_JSON, 'json', PLAIN_JSON],
    description: FHIR_MSG.capabilityDescription,
    rest: [
      {
        mode: 'server',
        security: { description: FHIR_MSG.securityDescription },
        resource: [
          { type: 'Questionnaire', interaction: [{ code: 'read' }] },
          {
            type: 'QuestionnaireResponse',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              {
                name: 'subject',
                type: 'reference',
                documentation: FHIR_MSG.subjectRequired,
              },
            ],
          },
        ],
      },
    ],
  };
}
