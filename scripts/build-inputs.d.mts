/** What the web bundle is made from (folders and files, from the repository's root). */
export declare const webInputs: readonly string[];
/** The SHA-256 of every web input's path and bytes (test files left out), from the checkout at `root`. */
export declare function webInputsHash(root: string): string;
