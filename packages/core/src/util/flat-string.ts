/**
 * @module util/flat-string — a string a store holds kept as one piece.
 *
 * V8 keeps a concatenation (a template literal, `a + b`, ulidx's id built a character at a
 * time) as a tree of its pieces until something reads a character of it; held for as long as
 * a return lives, the tree costs several times the string's own length. Reading one character
 * makes it one flat string, and the collector drops the pieces.
 */
export function flatString(text: string): string {
  text.charCodeAt(0);
  return text;
}
