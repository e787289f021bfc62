/**
 * Parsers for the admin command's option values. Each one either returns the value the stores
 * expect or throws commander's InvalidArgumentError, which commander prints as
 * `error: option '--x <v>' argument 'y' is invalid. <reason>` and exits with status 1.
 */
import { InvalidArgumentError } from 'commander';

/** A row id: a whole number from 1 up, as every id in the database is. */
export function positiveId(value: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(id) || id < 1) {
    throw new InvalidArgumentError('It must be a whole number from 1 up.');
  }
  return id;
}

/**
 * Text a person writes: trimmed, not blank, at most `maxLength` characters, one line without control
 * characters (the contract's limits and patterns: what is stored here is answered by the API).
 */
export function text(maxLength: number) {
  return (value: string): string => {
    const trimmed = value.trim();
    if (trimmed === '') throw new InvalidArgumentError('It must not be blank.');
    if (/[\u0000-\u001F\u007F]/.test(trimmed)) throw new InvalidArgumentError('It must be one line without control characters.');
    if (trimmed.length > maxLength) throw new InvalidArgumentError(`It must be at most ${maxLength} characters.`);
    return trimmed;
  };
}

// The HTML Living Standard's "valid email address", the rule the contract uses for subscribers.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export function emailAddress(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) throw new InvalidArgumentError('It must be a valid email address.');
  return trimmed;
}
