/*
 * Matters: one module per operation. The write rules of a PATCH are pure
 * (update-detail-rules.ts); every write to a matter asks `writableProject` first.
 */
export { listAssignees, setAssignees } from './assignees.js';
export { createProject } from './create.js';
export { softDeleteProject } from './delete.js';
export { getProject, getProjectDetail } from './detail.js';
export { duplicateProject } from './duplicate.js';
export { renameProjectFamily } from './family.js';
export { listFamilyGroups, type FamilyGroupsQuery } from './family-groups.js';
export { exportProjects, type ProjectCsvRow, type ProjectExport } from './export.js';
export { listProjects, type ProjectListPage, type ProjectListQuery } from './list.js';
export { projectScope } from './scope.js';
export { findTrademarkImage, setTrademarkImage, trademarkImageWritable } from './trademark-image.js';
export { updateProjectDetail } from './update-detail.js';
export { addComment, deleteComment, listComments, updateComment } from './user-space-comments.js';
export { addFile, findFile, listFiles, removeFile } from './user-space-files.js';
export { editorOf, writableProject, type Editor, type WriteRefused } from './write-access.js';
