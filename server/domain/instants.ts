/**
 * The instant an RFC 3339 date-time names. RFC 3339 allows a leap second (`23:59:60`, section 5.7),
 * which the validator's date-time format accepts and JavaScript's Date does not: Date counts POSIX
 * time, which has no leap seconds. A leap second is taken as the instant that follows it in POSIX
 * time (`2016-12-31T23:59:60Z` is `2017-01-01T00:00:00.000Z`), so it is accepted and stored in the
 * contract's UTC form, never refused as not RFC 3339. `T` and `Z` may be written `t` and `z` (RFC 3339,
 * section 5.6), a leap second too.
 */
const LEAP_SECOND = /^(.*[Tt]\d{2}:\d{2}:)60((?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2}))$/;

/** The instant, or undefined when the text names none. */
export function instantOf(text: string): Date | undefined {
  const leap = LEAP_SECOND.exec(text);
  const at = leap ? new Date(new Date(`${leap[1]}59${leap[2]}`).getTime() + 1000) : new Date(text);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
