# Sums a PostgreSQL server log's statement durations by what each statement is, so that a
# regression in one query shows by name. The log must be written with
# log_min_duration_statement = 0 and a log_line_prefix that holds "[%p]" (the backend's pid:
# bench/incident.sh and scripts/pg-throwaway.sh set both).
#
#   awk -f bench/statement-costs.awk LOG > costs.tsv
#
# Output, one line per name, largest total first: total milliseconds, statements, name. Names:
#   check ID          a check's query: its DECLARE and every FETCH and CLOSE of its cursor
#                     (rwdoctor leads each check's SQL with /* rwdoctor check ID */)
#   blob scan T.C     the binary COPY of column C of table T (blob-malformed's scan)
#   -- FIRST LINE     an embedded query file (sql/...), by the first line of its header
#   WORDS             anything else, by its first words (BEGIN, SAVEPOINT, SET, hand SQL, ...)
# Parse, bind and execute of one statement are summed under its name.

function flush(   text, name, cursor, pid, ms, m) {
    if (entry == "") return
    text = entry
    entry = ""
    if (!match(text, /\[[0-9]+\]/)) return
    pid = substr(text, RSTART + 1, RLENGTH - 2)
    if (!match(text, /duration: [0-9.]+ ms/)) return
    ms = substr(text, RSTART + 10, RLENGTH - 13) + 0
    # The statement: what follows "statement: ", "execute <name>: ", "parse <name>: ", ...
    if (!match(text, /(statement|execute [^:]*|parse [^:]*|bind [^:]*): /)) return
    text = substr(text, RSTART + RLENGTH)
    gsub(/[ \t\n]+/, " ", text)
    name = ""
    if (match(text, /\/\* rwdoctor check [a-z0-9-]+ \*\//)) {
        name = "check " substr(text, RSTART + 18, RLENGTH - 21)
        if (match(text, /^DECLARE "[^"]+"/)) {
            cursor = substr(text, 10, RLENGTH - 10)
            cursor_name[pid SUBSEP cursor] = name
        }
    } else if (match(text, /^(FETCH [0-9]+ FROM|CLOSE) "[^"]+"/)) {
        m = substr(text, 1, RLENGTH)
        sub(/^[^"]*"/, "", m)
        sub(/"$/, "", m)
        name = ((pid SUBSEP m) in cursor_name) ? cursor_name[pid SUBSEP m] : "cursor " m
    } else if (match(text, /^COPY \(SELECT "[^"]+"::int4, "[^"]+" FROM "[^"]+"/)) {
        m = substr(text, 1, RLENGTH)
        split(m, part, "\"")
        name = "blob scan " part[6] "." part[4]
    } else if (text ~ /^-- /) {
        name = substr(text, 1, 72)
        sub(/ -- .*$/, "", name)
    } else {
        name = substr(text, 1, 48)
        gsub(/[0-9]+/, "N", name) # SAVEPOINT "rwdoctor_check_N", one name for all
    }
    total[name] += ms
    count[name] += 1
}

/^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] / {
    flush()
    if ($0 ~ /duration: /) entry = $0
    next
}
{ if (entry != "") entry = entry "\n" $0 }

END {
    flush()
    for (name in total) printf "%.1f\t%d\t%s\n", total[name], count[name], name | "sort -t '\t' -k1,1 -g -r"
}
