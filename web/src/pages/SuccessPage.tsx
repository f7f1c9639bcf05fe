export { SuccessPage } from './placeholders';
