/**
 * The repository stands alone (checked by `npm run lint`): FloorDesk was planned with documents kept beside the
 * repository, in a sibling `shared` folder (the product spec, an architecture plan, notes and rules of craft), and a
 * clone has none of them. So no file may point into that folder or name those documents, and no text may cite a
 * section number (the section sign and a digit) of a document the reader cannot open: it says what it means in
 * words instead. The patterns below are written so that this file does not match them itself.
 */

/** A tracked file: its path from the repository root (with forward slashes) and its text. */
export type TextFile = { path: string; text: string };

export type OutsideReference = { file: string; line: number; text: string; rule: string };

const RULES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'points into the sibling shared folder, which a clone does not have', pattern: /\.\.\/shared(?![\w-])/ },
  {
    name: 'names a planning document that is not in the repository (the architecture plan, the notes or the craft rules)',
    pattern: /\b(?:ARCHITECTURE|NOTES|CRAFT)\.md\b/,
  },
  { name: 'cites a section number of a document that is not here; say what it means in words', pattern: /\u00a7\s*\d/ },
];

/** Every line that refers to something outside the repository, once per rule it breaks. */
export function outsideReferences(files: readonly TextFile[]): OutsideReference[] {
  const found: OutsideReference[] = [];
  for (const file of files) {
    file.text.split('\n').forEach((text, index) => {
      for (const rule of RULES) {
        if (rule.pattern.test(text))
          found.push({ file: file.path, line: index + 1, text: text.trim(), rule: rule.name });
      }
    });
  }
  return found;
}
