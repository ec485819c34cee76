// @ts-check
/**
 * Comments say why in words that stand alone, or name a file of this repository. A pointer to a
 * tracker's numbered ticket, to a document kept outside the repository (a shared folder)
 * or to an absolute path on someone's machine means nothing to the next reader.
 */
const outsidePointers = [
  { pattern: /\bissues?\s+#?\d+/i, what: 'an issue number' },
  { pattern: /\bfacts doc\b/i, what: 'a document outside the repository' },
  { pattern: /\bshared\/(docs|spec)\//, what: 'a document outside the repository' },
  { pattern: /(^|[\s(])\/(work|home|Users|tmp)\/[\w.-]+\//, what: 'an absolute file-system path' },
];

/** @type {import('eslint').Rule.RuleModule} */
export const selfContainedComments = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments point only inside the repository' },
    schema: [],
    messages: {
      outside:
        'This comment points to {{what}}: say why in words that stand alone, or name a file of this repository (an ADR, a README).',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = outsidePointers.find(({ pattern }) => pattern.test(comment.value));
          if (found && comment.loc)
            context.report({ loc: comment.loc, messageId: 'outside', data: { what: found.what } });
        }
      },
    };
  },
};
