type Env = Record<string, string | undefined>;

export declare const repoRoot: string;
export declare const nodeMinimum: [number, number];
export declare function validatorDir(env?: Env): string;
export declare function debianPackages(env?: Env): { name: string; why: string; present: boolean }[];
export declare function validatorPackages(env?: Env): { name: string; present: boolean }[];
export declare function missingTools(
  env?: Env,
  version?: string,
): { problems: string[]; command: string } | null;
