/** How people are written down: email addresses as they are matched and stored, names as shown. */

/** The address as it is matched and stored: trimmed, lowercase. */
export const normaliseAddress = (email: string): string => email.trim().toLowerCase();

/** First and last name, as an author's `formatted_name` shows them; an empty part is left out. */
export const formattedName = (first: string, last: string | null | undefined): string => [first, last].filter(Boolean).join(' ');
