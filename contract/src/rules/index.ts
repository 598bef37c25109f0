export {
  compareVersions,
  hasEnoughAbRecipients,
  isTeamExpired,
  isValidAbWinner,
  needsPolicyUpdate,
} from './account.ts';
export type { CardType } from './card.ts';
export { cardPrefixRules, cardTypeFromNumber } from './card.ts';
export * from './constants.ts';
// The conditional form logic is imported from '@app/contract/rules/form-logic' where it is used (the
// form builder, <signup-form>, the server): no first page needs it.
export type { FormComponent, FormOption, ResolvedComponent, ResolvedOption } from './form-logic.ts';
export { formatLimit, formatSize, isUnlimited } from './format.ts';
export { pageLinks, pagingLinkCount } from './paging.ts';
export type { PlaceOption } from './places.ts';
export {
  browserTimezoneText,
  cityOfTimeZone,
  countryOptions,
  timezoneOptions,
  timezoneText,
  utcOffsetOf,
} from './places.ts';
export type { CaptionPlatform } from './social.ts';
export { captionValid, hasCaptionOrImage, isAllowedImageRatio } from './social.ts';
export { fieldErrorText, initials, sanitizeTemplateLabel } from './text.ts';
export type { HourFormat } from './time.ts';
export {
  formatDate,
  formatDateTime,
  formatDisplayDate,
  formatHour,
  formatTime,
  hourFormatPattern,
  normalizeHourFormat,
  parseDateTime,
  timezoneOffsetFromText,
} from './time.ts';
export {
  allowedUploadTypes,
  fileExtension,
  isAllowedUploadType,
  isWithinUploadLimit,
  randomFileName,
  sanitizeFilename,
} from './upload.ts';
export { normalizeUrl, youtubeEmbedUrl } from './url.ts';
