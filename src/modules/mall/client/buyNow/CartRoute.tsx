import { Navigate, useLocation } from 'react-router-dom';

/** The cart's page, under the menu path it has there. */
export const CART_PAGE = '/bizData/bizcartdetail';

/**
 * /cart (spec 000 §2, the shopping cart): the cart's menu page, so that one screen, its permissions and its tab serve
 * both addresses; a user without the cart's menu item is told so there (403), as for any page the product ships.
 */
export function CartRoute() {
  const { search } = useLocation();
  return <Navigate to={`${CART_PAGE}${search}`} replace />;
}
