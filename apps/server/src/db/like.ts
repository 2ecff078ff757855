/**
 * Text made literal inside a LIKE pattern written with `ESCAPE '\'`: `%`, `_` and `\` match
 * themselves.
 * @example sql`name LIKE ${`%${likeEscape(query)}%`} ESCAPE '\\'`
 */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
