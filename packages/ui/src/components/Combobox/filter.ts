/**
 * Normalizes text for matching: NFKC folds full-width and half-width forms, katakana is folded
 * to hiragana, and case is ignored, so "ﾆﾎﾝ", "ニホン" and "にほん" all match each other.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .trim();
}
