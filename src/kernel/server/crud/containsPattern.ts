/** Escapes %, _ and \\ so a keyword is matched literally inside ILIKE '%…%'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}
