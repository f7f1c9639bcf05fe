/** Text or an attribute's value in HTML the server writes (mails, the sandbox's and the customer's pages). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
