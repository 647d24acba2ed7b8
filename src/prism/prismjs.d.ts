/** The part of prismjs (1.30, untyped) that src/prism and its tests use. */
declare module 'prismjs/components/prism-core' {
  export type Grammar = Record<string, unknown>;
  export type TokenStream = string | Token | (string | Token)[];
  export type Token = {type: string; content: TokenStream; alias?: string | string[]};
  export type Environment = {code: string; grammar: Grammar; language: string; tokens: TokenStream};
  const Prism: {
    languages: Record<string, Grammar | undefined>;
    tokenize: (code: string, grammar: Grammar) => (string | Token)[];
    hooks: {run: (name: string, env: Environment) => void};
    Token: new (type: string, content: TokenStream, alias?: string | string[]) => Token;
  };
  export default Prism;
}
declare module 'prismjs/components/prism-clike';
declare module 'prismjs/components/prism-json';
declare module 'prismjs/components/prism-bash';
declare module 'prismjs/components/prism-go';
declare module 'prismjs/components/prism-powershell';
declare module 'prismjs/components/prism-ini';
