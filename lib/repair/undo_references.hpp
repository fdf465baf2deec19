// What an undo's deletes would break or take along: rows outside the rows it deletes that
// reference one of them through a foreign key (a sink pointed at the restored table after the
// restore). A NO ACTION key would fail the delete with a raw error; a CASCADE key would delete
// a row the repair never wrote. The undo refuses either, naming the rows.
#pragma once

#include "db/meta_store_session.hpp"
#include "repair/row_change.hpp"

#include <string>
#include <vector>

namespace rwdoctor::repair {

// One line per referencing row ("sink row (31) references table row 30 through target_table"),
// read in the session's transaction after the undo set its columns back and before it deletes.
std::vector<std::string> rows_referencing(db::MetaStoreSession& session, const std::vector<KeyedRows>& deleted);

} // namespace rwdoctor::repair
