/** The product name, defined once: header, document title, mails and /config.json use it. */
export const productName = 'IP Portal';
export const productNameKey = 'product.name';
