import type { DocumentText } from '@ipportal/domain';
import { useLocale } from '../../i18n/use-locale';

/** A billing document's text in the interface language (the PDF prints its bilingual face). */
export function useDocumentText(): (text: DocumentText) => string {
  const [locale] = useLocale();
  return (text) => text[locale];
}
