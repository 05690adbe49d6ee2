import { describe, expect, it } from "vitest";
import enNotifications from "../../public/assets/translations/en/notifications.json";
import frNotifications from "../../public/assets/translations/fr/notifications.json";
import enSecurity from "../../public/assets/translations/en/security.json";
import frSecurity from "../../public/assets/translations/fr/security.json";
import { NOTIFICATION_MESSAGES } from "@/lib/notifications";
import { WEBHOOK_MESSAGES } from "@/lib/webhook-settings";
import { INTEGRATION_MESSAGES } from "@/server/modules/integrations/service";
import { NAMESPACES } from "./config";

/** Every key path of a translation file ("a.b.c"), sorted. */
const keys = (json: object, prefix = ""): string[] =>
  Object.entries(json)
    .flatMap(([k, v]) => (typeof v === "object" && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();

describe("notifications and security translations", () => {
  it("are registered namespaces with the same keys in English and French", () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(["notifications", "security"]));
    expect(keys(frNotifications)).toEqual(keys(enNotifications));
    expect(keys(frSecurity)).toEqual(keys(enSecurity));
  });

  it("carry the SPEC §5 texts the server answers too", () => {
    expect(enNotifications.errors.emailRequired).toBe(NOTIFICATION_MESSAGES.emailRequired);
    expect(enSecurity.errors).toEqual({ ...WEBHOOK_MESSAGES });
    expect(WEBHOOK_MESSAGES).toEqual(INTEGRATION_MESSAGES);
    expect(enSecurity.saved).toBe("Updated successfully");
    expect(enNotifications.saved).toBe("Updated successfully");
  });
});
