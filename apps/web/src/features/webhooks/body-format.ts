/** A body as people read it: JSON indented, anything else as sent; "(empty)" when there is nothing. */
export function prettyBody(body: string): { text: string; isJson: boolean } {
  if (body.trim() === '') return { text: '(empty)', isJson: false };
  try {
    return { text: JSON.stringify(JSON.parse(body), null, 2), isJson: true };
  } catch {
    return { text: body, isJson: false };
  }
}

/** Headers one per line, as they travel ("Content-Type: application/json"). */
export function headerLines(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return lines.length > 0 ? lines.join('\n') : '(none)';
}
