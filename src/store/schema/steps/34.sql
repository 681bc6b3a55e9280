-- Version 34: Events as one feature. A tournament's format says alone how it
-- pairs (`double_round_robin` where version 17 set `double`), and a
-- player taken out of a running tournament is marked `withdrawn` (the
-- column, listed in `steps.rs`) so that no format pairs him
-- again.
UPDATE tournaments SET format = 'double_round_robin'
WHERE format = 'round_robin' AND double = 1;
