/**
 * The part of FHIR R4 this API writes (hl7.org/fhir/R4), typed by hand: the
 * few elements used, as the specification names them. The tests validate
 * every resource against the R4 structure definitions.
 */

export interface Coding {
  system?: string;
  code: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Reference {
  reference?: string;
  display?: string;
}

export interface Identifier {
  system: string;
  value: string;
}

export interface Annotation {
  text: string;
}

export interface Patient {
  resourceType: 'Patient';
  id: string;
  identifier: Identifier[];
  name?: Array<{ family?: string; given?: string[]; text?: string }>;
}

export interface Observation {
  resourceType: 'Observation';
  id: string;
  status: 'final';
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  performer?: Reference[];
  valueCodeableConcept: CodeableConcept;
  method?: CodeableConcept;
  note?: Annotation[];
  derivedFrom: Reference[];
}

export type ContainedResource = Patient | Observation;

/** One answer of a QuestionnaireResponse item (only the value types the form has). */
export interface ResponseAnswer {
  valueCoding?: Coding;
  valueBoolean?: boolean;
  valueString?: string;
  valueInteger?: number;
  valueDate?: string;
  /** Items nested under an answer (R4 allows them; this Questionnaire has none). */
  item?: ResponseItem[];
}

export interface ResponseItem {
  linkId: string;
  text?: string;
  answer?: ResponseAnswer[];
  item?: ResponseItem[];
}

/** An extension: a value, or (a complex one) extensions of its own, never both. */
export interface Extension {
  url: string;
  extension?: Extension[];
  valueCoding?: Coding;
  valueString?: string;
  valueInteger?: number;
  valueDate?: string;
}

export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  id: string;
  language: string;
  /** What the items cannot say (docs/api.md#fhir): answers stored where the flow asks none. */
  extension?: Extension[];
  contained: ContainedResource[];
  questionnaire: string;
  /** 'in-progress' while a required, enabled question has no answer (an interrupted interview). */
  status: 'completed' | 'in-progress';
  subject: Reference;
  authored: string;
  author?: Reference;
  item: ResponseItem[];
}

export type EnableWhen = {
  question: string;
  operator: 'exists' | '=';
} & ({ answerBoolean: boolean } | { answerCoding: Coding });

export type QuestionnaireItemType =
  'group' | 'display' | 'boolean' | 'choice' | 'integer' | 'date' | 'text';

export interface QuestionnaireItem {
  linkId: string;
  prefix?: string;
  text: string;
  type: QuestionnaireItemType;
  code?: Coding[];
  required?: boolean;
  enableWhen?: EnableWhen[];
  enableBehavior?: 'all' | 'any';
  answerOption?: Array<{ valueCoding: Coding }>;
  item?: QuestionnaireItem[];
}

export interface Questionnaire {
  resourceType: 'Questionnaire';
  id: string;
  url: string;
  version: string;
  name: string;
  title: string;
  status: 'active';
  language: string;
  subjectType: ['Patient'];
  publisher: string;
  description: string;
  item: QuestionnaireItem[];
}

export interface Bundle {
  resourceType: 'Bundle';
  type: 'searchset';
  total: number;
  link: Array<{ relation: string; url: string }>;
  entry: Array<{ fullUrl: string; resource: QuestionnaireResponse; search: { mode: 'match' } }>;
}

export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: Array<{
    severity: 'error' | 'fatal';
    code: string;
    details: { text: string };
    diagnostics: string;
  }>;
}

/** What the server offers (GET /api/fhir/metadata, R4 capabilitystatement.html). */
export interface CapabilityStatement {
  resourceType: 'CapabilityStatement';
  status: 'active';
  date: string;
  publisher: string;
  kind: 'instance';
  software: { name: string; version: string };
  implementation: { description: string; url: string };
  fhirVersion: '4.0.1';
  format: string[];
  description: string;
  rest: Array<{
    mode: 'server';
    security: { description: string };
    resource: Array<{
      type: string;
      interaction: Array<{ code: 'read' | 'search-type' }>;
      searchParam?: Array<{ name: string; type: 'reference'; documentation: string }>;
    }>;
  }>;
}

/* The resources of a student's whole record (docs/api.md#record-export). */

/** The student as the record's export gives them: what FHIR's Patient has a place for. */
export interface RecordPatient extends Patient {
  telecom?: Array<{ system: 'email' | 'phone'; value: string }>;
  gender?: 'male' | 'female' | 'other';
  address?: Array<{ city: string }>;
  active: boolean;
}

export interface Attachment {
  contentType: string;
  language?: string;
  /** base64 of the text's UTF-8 bytes. */
  data: string;
  title?: string;
  creation?: string;
}

export interface DocumentReference {
  resourceType: 'DocumentReference';
  id: string;
  status: 'current';
  /** 'final' once signed; 'preliminary' for a draft. */
  docStatus: 'final' | 'preliminary';
  type: CodeableConcept;
  subject: Reference;
  date: string;
  author?: Reference[];
  authenticator?: Reference;
  relatesTo?: Array<{ code: 'appends'; target: Reference }>;
  content: Array<{ attachment: Attachment }>;
  /** What the document is about besides its subject (a final remark's assessment). */
  context?: { related: Reference[] };
}

export interface Appointment {
  resourceType: 'Appointment';
  id: string;
  status: 'booked' | 'fulfilled' | 'noshow' | 'cancelled';
  cancelationReason?: CodeableConcept;
  description: string;
  start: string;
  end: string;
  minutesDuration: number;
  created: string;
  comment?: string;
  participant: Array<{
    actor: Reference;
    status: 'accepted';
  }>;
}

export interface CarePlan {
  resourceType: 'CarePlan';
  id: string;
  status: 'draft' | 'active' | 'revoked';
  intent: 'plan';
  title: string;
  subject: Reference;
  created: string;
  author?: Reference;
  replaces?: Reference[];
  supportingInfo?: Reference[];
  note?: Annotation[];
}

export type RecordResource =
  RecordPatient | QuestionnaireResponse | DocumentReference | Appointment | CarePlan;

/** A student's whole record as one FHIR `collection` Bundle. */
export interface RecordBundle {
  resourceType: 'Bundle';
  type: 'collection';
  timestamp: string;
  entry: Array<{ fullUrl: string; resource: RecordResource }>;
}
