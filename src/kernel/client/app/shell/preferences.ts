import type { Theme } from '../../../../shared/constants.js';
import type { Language } from '../../../../shared/language.js';
import { setSystemLanguage, setSystemTheme } from '../../api/currentUserApi.js';
import { loadOnDemand } from '../../api/request.js';
import { switchLanguage } from '../../i18n/index.js';
import { changeSetting } from '../../stores/settings.js';

/**
 * The two preferences kept both in the browser and on the user's profile, so the next sign-in elsewhere brings
 * them back. The top bar, the settings drawer and the profile page all change them through here. A failed save
 * on the server keeps the local choice; the request layer has said why.
 */
export function chooseLayout(layout: Theme): void {
  changeSetting('layoutType', layout);
  void setSystemTheme(layout).catch(() => undefined);
}

export function chooseLanguage(language: Language): void {
  // A language pack that cannot load leaves the page in its language, with the request-error toast.
  void loadOnDemand(() => switchLanguage(language)).catch(() => undefined);
  void setSystemLanguage(language).catch(() => undefined);
}
