-- A request without consent to contact is not a lead to follow up: a member hears of it only when
-- they ask to (issue 32, decision 0068). Off by default, so the column's default keeps every
-- existing choice as it was, and a member with no row at all reads as off too.
ALTER TABLE team_alert_preferences
  ADD COLUMN requests_without_consent boolean NOT NULL DEFAULT false;
