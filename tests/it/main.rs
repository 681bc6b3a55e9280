//! The integration tests, all in one binary (as ripgrep's are): each
//! file beside this one is a module named after it, holding the tests of
//! one subject (`host_*` for the host by mail, `outbound_*` for sending,
//! `chess_*` and the variants' names for the rules, and so on). Helpers
//! that more than one file uses live once in `util/`: the post office
//! (`util::host_harness`), the SMTP server (`util::smtp_sink`), board
//! mails (`util::board_mail`) and small ones in `util/mod.rs`. Run one
//! file's tests with `cargo test --test it host_clocks::`.

mod util;

mod archive_pgn;
mod archive_python_chess;
mod board_browser;
mod board_pictures;
mod chess_core_variants;
mod chess_crosscheck;
mod chess_perft;
mod chess_rules;
mod deliver_exit_codes;
mod deploy_files;
mod host_aborted;
mod host_accounts;
mod host_answers;
mod host_archive;
mod host_bad_input;
mod host_bilingual;
mod host_challengers;
mod host_cli;
mod host_clocks;
mod host_commands;
mod host_competition;
mod host_confirmations;
mod host_crash_safety;
mod host_deleted_player;
mod host_director;
mod host_event_formats;
mod host_event_mail;
mod host_events;
mod host_flood_boards;
mod host_flood_limits;
mod host_forged_senders;
mod host_fuzz_seeds;
mod host_grammar_fuzz;
mod host_group_commit;
mod host_hostile_input;
mod host_knockout;
mod host_ladders;
mod host_languages;
mod host_leagues;
mod host_loop_protection;
mod host_mail_texts;
mod host_mail_truth;
mod host_masking;
mod host_outbox;
mod host_passwords;
mod host_player_input;
mod host_preview_undo_notes;
mod host_queue;
mod host_robot_hogs;
mod host_robots;
mod host_secrets;
mod host_seeks_messages;
mod host_sender_caps;
mod host_signed_off;
mod host_store_upgrade;
mod host_swiss;
mod host_templates;
mod host_tournament;
mod host_tournament_door;
mod host_whole_game;
mod imap_hostile_server;
mod imap_intake;
mod mail_clients;
mod mail_well_formed;
mod operator_cli;
mod operator_tools;
mod outbound_cap;
mod outbound_cli;
mod outbound_once;
mod outbound_smtp;
mod outbound_smtp_tls;
mod postfix_end_to_end;
mod progression;
mod recursion;
mod serve_stop_backlog;
mod spherical;
mod swiss_pairings;
mod tick_processes;
mod web_hostile_clients;
mod web_view;
mod web_view_pages;
