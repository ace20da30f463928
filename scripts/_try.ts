import * as peggy from 'peggy';
import { readPeggySource } from './grammar-source';
import * as path from 'node:path';
const root = path.resolve(__dirname, '..');
for (const name of ['rfc3986','rfc3987','rfc2396']) {
  const src = readPeggySource(root, name).text;
  const ast: any = peggy.generate(src, { output: 'ast', allowedStartRules: ['*'], trace: true } as any);
  const types = new Map<string, number>();
  const walk = (n: any) => { if (!n || typeof n !== 'object') return; if (Array.isArray(n)) { n.forEach(walk); return; } if (typeof n.type === 'string') types.set(n.type, (types.get(n.type) ?? 0) + 1); for (const [k, v] of Object.entries(n)) if (k !== 'location' && k!=='code' && k!=='bytecode') walk(v); };
  ast.rules.forEach((r: any) => walk(r.expression));
  console.log(name, ast.rules.length, [...types]);
  const rep = ast.rules.filter((r:any)=>JSON.stringify(r.expression, (k,v)=>k==='location'?undefined:v).includes('"repeated"'));
  if (rep[0]) console.log(JSON.stringify(rep[0].expression, (k,v)=>k==='location'?undefined:v).slice(0,600));
}
