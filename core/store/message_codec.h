// JSON encodings of message parts stored in the workspace (blocks, source, annotations).
#pragma once

#include <nlohmann/json.hpp>

#include "model/message.h"

namespace bm {

nlohmann::json encode_blocks(const std::vector<ContentBlock>& blocks);
std::vector<ContentBlock> decode_blocks(const nlohmann::json& j);
nlohmann::json encode_source(const MessageSource& source);
MessageSource decode_source(const nlohmann::json& j);
nlohmann::json encode_annotations(const std::vector<ClaimAnnotation>& annotations);
std::vector<ClaimAnnotation> decode_annotations(const nlohmann::json& j);
Role role_from_name(const std::string& name);

}  // namespace bm
