// @ts-check

/**
 * The existing files a resource is registered in: each edit puts its text before or after an
 * anchor that is in the file today. The generator checks every anchor before it writes anything,
 * so a moved anchor stops it with the file named instead of leaving half a resource.
 *
 * @typedef {{ path: string, anchor: RegExp, where: 'before' | 'after', text: string }} AnchoredEdit
 * @type {ReadonlyArray<AnchoredEdit>}
 */
export const anchoredEdits = [
  {
    path: 'packages/domain/src/contracts/index.ts',
    anchor: /\n$/,
    where: 'after',
    text: "export * from './{{name}}.js';\n",
  },
  {
    path: 'packages/domain/src/contracts/refusals.ts',
    anchor: /^ {2}\/\/ Anything else the caller may not do\n/m,
    where: 'before',
    text: '  {{camel}}NotFound: { status: 404 },\n',
  },
  {
    path: 'apps/api/src/http/messages.ts',
    anchor: /^};\n\nconst en: typeof ja = \{\n/m,
    where: 'before',
    text: "  {{camel}}NotFound: {{{quote (concat labelJa 'が見つかりません')}}},\n",
  },
  {
    path: 'apps/api/src/http/messages.ts',
    anchor: /^};\n\nexport type ServerMessage\b/m,
    where: 'before',
    text: "  {{camel}}NotFound: {{{quote (concat 'The ' labelEn ' was not found')}}},\n",
  },
  {
    path: 'apps/api/src/db/schema/index.ts',
    anchor: /\n$/,
    where: 'after',
    text: "export * from './{{plural}}.js';\n",
  },
  {
    path: 'apps/api/src/routes/user/index.ts',
    anchor: /\n\n\/\*\*\n \* \/user\/\*/,
    where: 'before',
    text: "\nimport { {{camel}}Routes } from './{{plural}}.js';",
  },
  {
    path: 'apps/api/src/routes/user/index.ts',
    anchor: /^};\n(?![\s\S]*^};)/m,
    where: 'before',
    text: '  await app.register({{camel}}Routes);\n',
  },
  {
    path: 'packages/api-client/src/index.ts',
    anchor: /\n$/,
    where: 'after',
    text: "export * from './{{plural}}/index.js';\n",
  },
  {
    path: 'packages/domain/src/web-paths.ts',
    anchor: /^} as const;\n/m,
    where: 'before',
    text: ["  {{camelPlural}}: '/{{plural}}',", "  {{camel}}Detail: '/{{plural}}/:{{camel}}Id',", ''].join(
      '\n',
    ),
  },
  {
    path: 'apps/web/src/routes/route-table.ts',
    anchor: /^ {2}notFound: \{\n/m,
    where: 'before',
    text: [
      '  {{camelPlural}}: {',
      '    path: webPaths.{{camelPlural}},',
      "    titleKey: 'route.{{camelPlural}}',",
      "    sidebar: 'default',",
      "    layout: 'default',",
      '    access: clientsOnly,',
      '  },',
      '  {{camel}}Detail: {',
      '    path: webPaths.{{camel}}Detail,',
      "    titleKey: 'route.{{camel}}Detail',",
      "    sidebar: 'default',",
      "    layout: 'default',",
      '    access: clientsOnly,',
      '  },',
      '',
    ].join('\n'),
  },
  {
    path: 'apps/web/src/app/route-pages.ts',
    anchor: /^ {2}\.\.\.publicPages,\n/m,
    where: 'before',
    text: [
      "  {{camelPlural}}: () => import('../features/{{plural}}/{{plural}}-page').then((m) => m.{{pascalPlural}}Page),",
      "  {{camel}}Detail: () => import('../features/{{plural}}/{{name}}-page').then((m) => m.{{pascal}}Page),",
      '',
    ].join('\n'),
  },
];

/**
 * Route titles go into the start-up texts (the shell shows them before a page's own texts load);
 * written as JSON keys, not by anchor.
 * @type {ReadonlyArray<{ path: string, titles: Record<string, string> }>}
 */
export const routeTitles = [
  {
    path: 'apps/web/src/i18n/locales/ja.json',
    titles: { '{{camelPlural}}': '{{{labelJa}}}', '{{camel}}Detail': '{{{labelJa}}}の詳細' },
  },
  {
    path: 'apps/web/src/i18n/locales/en.json',
    titles: { '{{camelPlural}}': '{{{LabelEnPlural}}}', '{{camel}}Detail': '{{{LabelEn}}}' },
  },
];
