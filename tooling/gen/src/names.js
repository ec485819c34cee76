// @ts-check

/**
 * Every spelling of a resource's name the generated files use, from its singular in kebab case
 * (`trade-partner`) and, where English adds more than an s, its plural (`trade-partners`).
 */

/** @typedef {{
 *   name: string, plural: string,
 *   camel: string, pascal: string, camelPlural: string, pascalPlural: string,
 *   snakePlural: string,
 * }} ResourceNames */

const kebab = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

/** @param {string} word */
export function isKebabCase(word) {
  return kebab.test(word);
}

/**
 * The usual English plural of the last word: `-y` after a consonant becomes `-ies`, a hissing end
 * takes `-es`, anything else `-s`. An irregular one is given as the second answer.
 * @param {string} name
 */
export function pluralOf(name) {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/** @param {string} word */
const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** @param {string} kebabName */
const camelOf = (kebabName) =>
  kebabName
    .split('-')
    .map((part, index) => (index === 0 ? part : capitalized(part)))
    .join('');

/**
 * @param {string} name singular, kebab case
 * @param {string} [plural] kebab case; the usual English plural when left out
 * @returns {ResourceNames}
 */
export function resourceNames(name, plural) {
  const many = plural && plural.trim() !== '' ? plural.trim() : pluralOf(name);
  for (const word of [name, many]) {
    if (!isKebabCase(word)) throw new Error(`"${word}" is not a name in kebab case (e.g. trade-partner)`);
  }
  if (many === name) throw new Error(`the plural of "${name}" must differ from it`);
  return {
    name,
    plural: many,
    camel: camelOf(name),
    pascal: capitalized(camelOf(name)),
    camelPlural: camelOf(many),
    pascalPlural: capitalized(camelOf(many)),
    snakePlural: many.replaceAll('-', '_'),
  };
}
