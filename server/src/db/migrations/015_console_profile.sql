-- §6 restricted console profiles: an operator can restrict a company's console to profile A–F
-- (`npm run admin -- set-console-profile`). NULL is the full console.
ALTER TABLE companies ADD COLUMN console_profile text CHECK (console_profile IN ('A', 'B', 'C', 'D', 'E', 'F'));
