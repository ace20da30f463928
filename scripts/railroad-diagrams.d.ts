// The few names of the railroad-diagrams package (1.0.0, which ships no types) that scripts/railroad.ts uses.
declare module 'railroad-diagrams' {
  export interface Item {
    toString(): string;
  }
  export function Diagram(...items: Item[]): Item;
  export function Sequence(...items: Item[]): Item;
  export function Choice(normal: number, ...items: Item[]): Item;
  export function Optional(item: Item, skip?: 'skip'): Item;
  export function OneOrMore(item: Item, repeat?: Item): Item;
  export function ZeroOrMore(item: Item, repeat?: Item, skip?: 'skip'): Item;
  export function Terminal(text: string): Item;
  export function NonTerminal(text: string): Item;
  export function Comment(text: string): Item;
  export function Skip(): Item;
}
