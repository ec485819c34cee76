// What other features use of the organization feature: its texts, which the assignment picker
// on a matter (features/projects) shows too.
export { organizationTexts } from './organization-texts';
