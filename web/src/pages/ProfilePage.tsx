export { ProfilePage } from './placeholders';
