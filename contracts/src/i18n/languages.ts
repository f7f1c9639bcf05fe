/** The languages a document (PDF, e-mail, customer page) can be written in (issue 30). */
export const documentLanguages = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];
