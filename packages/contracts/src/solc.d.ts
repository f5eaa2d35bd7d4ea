// solc ships no types; this covers the one call we make.
declare module 'solc' {
  type ImportResult = { contents: string } | { error: string };
  const solc: {
    compile(input: string, callbacks: { import: (path: string) => ImportResult }): string;
    version(): string;
  };
  export default solc;
}

// The npm alias of solc@0.8.17 (LooksRare v2's pinned compiler): the same wrapper, an older wasm build.
declare module 'solc-0.8.17' {
  import solc from 'solc';
  export default solc;
}
