/** The contract rules each class of hostile input verifies (the ids of the catalogue, `x-rules`). */
import type { HostileInput } from './hostile-inputs.ts';

const RULES: Record<HostileInput['kind'], readonly string[]> = {
  number: ['requests.whole-numbers'],
  'lone-surrogate': ['requests.well-formed-text'],
  'invalid-utf8': ['requests.well-formed-text'],
  'control-character': ['requests.text-without-control-characters'],
  charset: ['requests.json-content-type'],
  encoding: ['requests.content-encoding'],
  'multipart-subtype': ['image.form-data-only'],
  'unknown-keys': ['requests.bounded-cost'],
  'deep-nesting': ['requests.bounded-cost'],
  markdown: ['requests.bounded-cost'],
  'stalled-oversize': ['requests.body-size-limit'],
  head: ['http.head'],
  'unicode-case': ['names.unique-any-case'],
  'domain-signal': ['auth.workspace-scope'],
};

export const hostileRules = (input: HostileInput): string[] => [...RULES[input.kind]];
