import { payloadFits } from '../../../generators/generator-urls.ts';
import { icsDateTime } from '../../../generators/ics.ts';
import { type BlockConverter, column } from '../block-context.ts';
import { element, text } from '../markup.ts';
import { button } from './button-blocks.ts';

/** Google Calendar's "create event" link (its TEMPLATE action) for the event. */
export function googleCalendarLink(event: {
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
}): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${icsDateTime(event.start)}/${icsDateTime(event.end)}`,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/** Two buttons: Google Calendar's link, and the engine's .ics file for Apple Calendar and Outlook. */
export const calendarBlock: BlockConverter<'calendar'> = ({ props, style }, context) => {
  const titleOnly = (problem: string) => {
    context.problem('mj-button', problem);
    return [column(element('mj-text', { align: style.align, padding: '0' }, text(props.title)))];
  };
  const start = new Date(props.start);
  const end = new Date(props.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    return titleOnly('Add to Calendar needs a valid start and end date and time.');
  }
  const { title, description, location } = props;
  const ics = context.urls.calendar({ title, description, location, start: props.start, end: props.end });
  if (!payloadFits(ics)) {
    return titleOnly(
      "The event's title, description and location are too long for a calendar file: shorten them.",
    );
  }
  context.assets({ href: ics });
  const google = googleCalendarLink({ title, description, location, start, end: end > start ? end : start });
  const look = { color: props.color, textColor: props.textColor, radius: 4, fullWidth: false };
  const heading = props.label
    ? element('mj-text', { align: style.align, padding: '0 0 8px', 'font-weight': 'bold' }, text(props.label))
    : '';
  return [
    column(
      heading +
        button('Google Calendar', google, look, style.align, '0 0 8px') +
        button('Apple / Outlook (.ics)', ics, look, style.align),
    ),
  ];
};
