/** @module client/staff — the back office as a custom element, `<returnkit-back-office>`. */
import { definePageElement } from "./shared/page-element";
import { StaffApp } from "./staff/app";

definePageElement("returnkit-back-office", "staff", () => <StaffApp />);
