/** The product's event group name, shown on the sign-in screen and in the sidebar. */
export const brandName = 'Northstar Events';
export const logoUrl = '/logo.svg';
