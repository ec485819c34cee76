// What other features use of the matters feature: the Create Matter dialog, which the shell opens
// from its sidebar. The shell is in the start-up bundle, so this index hands out only the lazy
// wrapper: the dialog and its form load once a session exists.
export { CreateMatterDialog, preloadCreateMatterDialog } from './create-matter/lazy-create-matter-dialog';
