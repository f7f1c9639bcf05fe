import { a } from './a.js';
export const b = () => a;
