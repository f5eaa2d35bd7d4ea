// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AggregatorV3Interface} from "./AggregatorV3Interface.sol";

/// @notice A Chainlink-style ETH/USD feed (8 decimals) whose owner publishes each answer as a new round.
contract EthUsdFeed is AggregatorV3Interface, Ownable {
    /// @dev Chainlink's AggregatorInterface events, so indexers written for real feeds work unchanged.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    uint8 public constant decimals = 8;
    string public constant description = "ETH / USD";
    /// @dev The version Chainlink's OCR aggregators report.
    uint256 public constant version = 4;

    uint80 private _latestRound;
    mapping(uint80 => Round) private _rounds;

    constructor(int256 initialAnswer) Ownable(msg.sender) {
        _startRound(initialAnswer);
    }

    function updateAnswer(int256 answer) external onlyOwner {
        _startRound(answer);
    }

    function getRoundData(uint80 roundId) public view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory round = _rounds[roundId];
        // Chainlink's own message for a round that does not exist.
        require(round.updatedAt > 0, "No data present");
        return (roundId, round.answer, round.startedAt, round.updatedAt, roundId);
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return getRoundData(_latestRound);
    }

    function _startRound(int256 answer) private {
        uint80 roundId = ++_latestRound;
        _rounds[roundId] = Round(answer, block.timestamp, block.timestamp);
        emit NewRound(roundId, msg.sender, block.timestamp);
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }
}
