import { measure } from './bench-extract';
const f = measure();
console.log(f.files, f.reference, f.found, f.truePositives, f.precision, f.recall, f.plain, f.ranges);
console.log('MISSES'); for (const m of f.misses.slice(0, 40)) console.log(m);
console.log('EXTRAS'); for (const m of f.extras.slice(0, 40)) console.log(m);
