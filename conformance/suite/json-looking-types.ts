/**
 * Media types that are not `application/json` though a JSON body is what they carry, or what a lenient
 * parser takes them for (a `+json` structured suffix, RFC 6839; the unregistered `text/json` and
 * `application/x-json`). requests.json-content-type: "A JSON body sent with another content type than
 * `application/json` ... is answered `415`", and the introduction's Requests: "Bodies are JSON ... sent
 * with Content-Type: application/json ... Another content type is answered with 415". A server that
 * reads a body by a `json` anywhere in its type (or takes `merge-patch+json` on a PATCH, since the PATCH
 * merges) answers these 2xx and applies them; `text/plain`, which the suite also sends, does not show it.
 */
import type { Random } from '../generate/random.ts';

export const JSON_LOOKING_TYPES: readonly string[] = [
  'application/merge-patch+json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/problem+json',
  'application/ld+json',
  'text/json',
  'application/x-json',
];

/** Every type a JSON body is refused in: text that is not JSON's type, and each JSON-looking one. */
export const REFUSED_BODY_TYPES: readonly string[] = ['text/plain', ...JSON_LOOKING_TYPES];

/** A structured `+json` suffix (RFC 6839), which the Prism mock reads as JSON (checks/profile.ts json_suffix_refused). */
export const hasJsonSuffix = (type: string): boolean => type.endsWith('+json');

/** One JSON-looking type, drawn from the seed: the one a write that must change nothing is sent in. */
export const drawnJsonLookingType = (random: Random): string => random.pick(JSON_LOOKING_TYPES);
