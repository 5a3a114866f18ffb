/** The addresses of the pages that many others link to, as app/routes.ts names them. */

/** A laptop's page. */
export const laptopPath = (advertId: string) => `/laptops/${advertId}`;

/** A brand's laptops. */
export const categoryPath = (brandId: string) => `/category/${brandId}`;
