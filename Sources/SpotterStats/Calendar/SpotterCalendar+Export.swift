// `LocalDate` moved to SpotterCalendar (issue 16: one calendar module). Re-exported here for a
// transition, so that code which imports only SpotterStats and names `LocalDate` still builds;
// new code imports SpotterCalendar itself.
@_exported public import SpotterCalendar
