import { describe, expect, it } from 'vitest';
import { outsideReferences } from './self-contained';

// The forbidden texts are put together at run time so that this file passes the check it tests.
const SECTION = '\u00a7';
const SIBLING = ['..', 'shared'].join('/');
const document = (name: string) => `${name}.md`;

const rulesBroken = (path: string, ...lines: string[]) =>
  outsideReferences([{ path, text: lines.join('\n') }]).map(({ line, rule }) => ({ line, rule }));

describe('outside references', () => {
  it('finds a section number of the spec in a comment, with or without a space, at its line', () => {
    const found = rulesBroken(
      'packages/protocol/src/x.ts',
      'export const A = 1;',
      `/** Rarity tiers (spec ${SECTION}3 flag). */`,
      `// the rules of ${SECTION} 5`,
    );
    expect(found.map(({ line }) => line)).toEqual([2, 3]);
    expect(found[0]?.rule).toMatch(/section number/);
  });
  it('finds a path into the sibling shared folder, in any kind of file', () => {
    expect(rulesBroken('docs/features.md', `Sections refer to \`${SIBLING}/spec/product-spec.md\`.`)).toHaveLength(1);
    expect(rulesBroken('e2e/playwright.config.ts', `// as ${SIBLING}/notes say`)).toHaveLength(1);
  });
  it('finds the planning documents by name', () => {
    for (const name of ['ARCHITECTURE', 'NOTES', 'CRAFT']) {
      expect(rulesBroken('devnet/src/anvil.ts', `// spawned by path as ${document(name)} says`)).toHaveLength(1);
    }
  });
  it('reports each rule a line breaks', () => {
    expect(rulesBroken('docs/api.md', `headers (${document('ARCHITECTURE')} ${SECTION}4)`)).toHaveLength(2);
  });
  it("lets through the repository's own docs, other uses of the words, and a section sign without a number", () => {
    const ok = rulesBroken(
      'README.md',
      'See docs/architecture.md, "Boundaries", and apps/web/src/app/README.md.',
      "expect(item.flag).toBe('CRAFTED'); // NOTES and ARCHITECTURE as plain words",
      `const sign = '${SECTION}';`,
      `import x from '${SIBLING}-layer';`,
    );
    expect(ok).toEqual([]);
  });
});
