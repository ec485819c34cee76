// @ts-check
import { resourceGenerator } from './src/resource/generator.js';

/**
 * The workspace's generators; run from the repository root as `pnpm gen <generator> [answers...]`.
 * @param {import('plop').NodePlopAPI} plop
 */
export default function plopfile(plop) {
  plop.setGenerator('resource', resourceGenerator(plop));
}
