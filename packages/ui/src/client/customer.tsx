/**
 * @module client/customer — the customer's returns page as a custom element,
 * `<returnkit-returns>`: served standalone by the mount, or placed in a shop's own page with
 * one script tag (attributes `api`, `order`, `locale`, `sign-in-url`).
 */
import { CustomerApp } from "./customer/app";
import { definePageElement } from "./shared/page-element";

definePageElement("returnkit-returns", "customer", (element) => (
  <CustomerApp initialOrder={element.getAttribute("order")} />
));
