/** The product name, fixed at build time (vite.config.ts defines `__PRODUCT_NAME__`). */
export const PRODUCT_NAME: string = __PRODUCT_NAME__;

/** Spec section 1: the page title, ' - ', the product name; the bare product name without a page title. */
export function windowTitle(pageTitle: string | null | undefined): string {
  return pageTitle ? `${pageTitle} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
