import { b } from './b.js';
export const a = () => b;
